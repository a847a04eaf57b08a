/*
 * report_html_summary.c - the end of the --format=html page (SPEC "Output"):
 * what was checked, counts by severity and by code with a bar chart in SVG,
 * the table of games with findings (kept in a temporary file while the page
 * streamed), the explain text of each code that occurred, and the few lines
 * of script that filter by severity.  Written last, shown first: the page's
 * CSS gives the summary order:-1 in its flex column.
 */
#include "report/report_html.h"
#include "report/report_html_internal.h"

#include "diag/diag_control.h"
#include "i18n.h"

#include <string.h>

static void write_chart(FILE *f, const struct run_totals *t, const struct diag_control *ctl)
{
    uint64_t most = 0;
    int rows = 0;
    char label[2048] = "";
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        if (!t->by_code[c]) continue;
        if (t->by_code[c] > most) most = t->by_code[c];
        size_t len = strlen(label);
        snprintf(label + len, sizeof label - len, "%s%s %llu", rows ? ", " : "",
                 diag_info((enum diag_code)c)->name, (unsigned long long)t->by_code[c]);
        rows++;
    }
    if (!rows) return;
    fputs("<h3>", f);
    report_html_put(f, S(HS_BY_CODE));
    fprintf(f, "</h3>\n<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" "
               "viewBox=\"0 0 640 %d\" width=\"640\" height=\"%d\" role=\"img\" aria-label=\"",
            rows * 24 + 4, rows * 24 + 4);
    report_html_putf(f, S(HS_CHART_LABEL), label);
    fputs("\"><title>", f);
    report_html_putf(f, S(HS_CHART_LABEL), label);
    fputs("</title>", f);
    static const char *const fills[DIAG_SEVERITY_NB] = {C_ERROR, C_WARNING, C_NOTE};
    int row = 0;
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        if (!t->by_code[c]) continue;
        const struct diag_info *info = diag_info((enum diag_code)c);
        unsigned level = diag_control_code_level(ctl, (enum diag_code)c);
        if (level >= DIAG_SEVERITY_NB) level = info->severity; /* off: none counted */
        int y = 4 + row * 24;
        int w = (int)(1 + (t->by_code[c] * 360) / most);
        fprintf(f,
                "<g class=\"bar\" data-code=\"%s\" data-count=\"%llu\"><text x=\"0\" y=\"%d\" "
                "font-size=\"13\" fill=\"" C_FG "\">%s</text><rect x=\"190\" y=\"%d\" "
                "width=\"%d\" height=\"16\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" font-size=\"13\" "
                "fill=\"" C_FG "\">%llu</text></g>",
                info->name, (unsigned long long)t->by_code[c], y + 13, info->name, y, w,
                fills[level], 196 + w, y + 13, (unsigned long long)t->by_code[c]);
        row++;
    }
    fputs("</svg>\n", f);
}

static void write_table(struct report_html *h)
{
    FILE *f = h->out;
    fputs("<h3>", f);
    report_html_put(f, S(HS_GAMES_WITH_FINDINGS));
    fputs("</h3>\n", f);
    if (!h->table_rows) {
        fputs("<p>", f);
        report_html_put(f, S(HS_NO_FINDINGS));
        fputs("</p>\n", f);
        return;
    }
    static const enum hs cols[] = {HS_COL_GAME,    HS_COL_FILE,   HS_COL_EVENT,
                                   HS_COL_ROUND,   HS_COL_PLAYERS, HS_COL_RESULT,
                                   HS_COL_ERRORS,  HS_COL_WARNINGS, HS_COL_NOTES};
    fputs("<table class=\"gtable\"><thead><tr>", f);
    for (size_t i = 0; i < sizeof cols / sizeof *cols; i++) {
        fputs("<th scope=\"col\">", f);
        report_html_put(f, S(cols[i]));
        fputs("</th>", f);
    }
    fputs("</tr></thead><tbody>\n", f);
    if (h->table && !h->table_lost) {
        rewind(h->table);
        char buf[8192];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, h->table)) > 0)
            fwrite(buf, 1, n, f);
    }
    fputs("</tbody></table>\n", f);
}

static void write_codes(FILE *f, const struct run_totals *t)
{
    bool any = false;
    for (int c = 0; c < DIAG_CODE_NB; c++) {
        if (!t->by_code[c]) continue;
        const struct diag_info *info = diag_info((enum diag_code)c);
        if (!any) {
            fputs("<section class=\"codes\" id=\"codes\">\n<h2>", f);
            report_html_put(f, S(HS_CODES));
            fputs("</h2>\n", f);
            any = true;
        }
        fprintf(f, "<section id=\"x-%s\"><h3>%s", info->name, info->name);
        if (info->fide[0]) {
            fputs(" <span class=\"fide\">", f);
            report_html_put(f, info->fide);
            fputs("</span>", f);
        }
        fputs("</h3><p>", f);
        report_html_put(f, _(info->summary));
        fputs("</p><p class=\"explain\">", f);
        report_html_put(f, _(info->explain));
        fputs("</p></section>\n", f);
    }
    if (any) fputs("</section>\n", f);
}

void report_html_finish(struct report_html *h, const struct run_totals *t)
{
    FILE *f = h->out;
    report_html_close_section(h);
    fputs("</main>\n", f);
    fputs("<section class=\"summary\" id=\"summary\" aria-labelledby=\"summary-h\">\n"
          "<h2 id=\"summary-h\">",
          f);
    report_html_put(f, S(HS_SUMMARY));
    fputs("</h2>\n", f);
    if (t->interrupted) { /* the summary is shown first: a banner at the top */
        fputs("<p class=\"notice interrupted\" role=\"alert\">", f);
        report_html_putf(f, S(HS_INTERRUPTED), report_signal_name(t->interrupted));
        fputs("</p>\n", f);
    }
    fputs("<p>", f);
    /* Three counts, each with its own plural (Italian "1 partita", "2 partite"). */
    report_html_putf(f, ngettext("Checked: %llu input, ", "Checked: %llu inputs, ", (unsigned long)t->files),
                     (unsigned long long)t->files);
    report_html_putf(f, ngettext("%llu game, ", "%llu games, ", (unsigned long)t->games),
                     (unsigned long long)t->games);
    report_html_putf(f, ngettext("%llu byte.", "%llu bytes.", (unsigned long)t->bytes),
                     (unsigned long long)t->bytes);
    if (t->files_unreadable) {
        fputs(" ", f);
        report_html_putf(f, S(HS_UNREADABLE), (unsigned long long)t->files_unreadable);
    }
    if (t->games_skipped) {
        fputs(" ", f);
        report_html_putf(f, S(HS_NOT_JUDGED), (unsigned long long)t->games_skipped);
    }
    fputs("</p>\n<ul class=\"counts\"><li class=\"c-error\">", f);
    report_html_putf(f, S(HS_ERRORS), (unsigned long long)t->by_severity[DIAG_ERROR]);
    fputs("</li><li class=\"c-warning\">", f);
    report_html_putf(f, S(HS_WARNINGS), (unsigned long long)t->by_severity[DIAG_WARNING]);
    fputs("</li><li class=\"c-note\">", f);
    report_html_putf(f, S(HS_NOTES), (unsigned long long)t->by_severity[DIAG_NOTE]);
    fputs("</li></ul>\n", f);
    if (h->boards > h->max_boards) {
        fputs("<p class=\"notice\">", f);
        report_html_putf(f, S(HS_BOARDS_CUT), h->max_boards);
        fputs("</p>\n", f);
    }
    /* Filtering by severity: shown only when the script runs. */
    fputs("<p class=\"filters\">", f);
    report_html_put(f, S(HS_SHOW));
    static const enum hs sev_words[DIAG_SEVERITY_NB] = {HS_SEV_ERROR, HS_SEV_WARNING,
                                                        HS_SEV_NOTE};
    for (int s = 0; s < DIAG_SEVERITY_NB; s++) {
        fprintf(f, " <label><input type=\"checkbox\" value=\"%s\" checked> ",
                diag_severity_name((enum diag_severity)s));
        report_html_put(f, S(sev_words[s]));
        fputs("</label>", f);
    }
    fputs("</p>\n", f);
    write_chart(f, t, h->control);
    write_table(h);
    fputs("</section>\n", f);
    write_codes(f, t);
    fputs("</div>\n<script>\n"
          "document.documentElement.classList.add('js');\n"
          "document.querySelectorAll('.filters input').forEach(function (c) {\n"
          "  c.addEventListener('change', function () {\n"
          "    document.body.classList.toggle('hide-' + c.value, !c.checked);\n"
          "  });\n"
          "});\n"
          "</script>\n</body>\n</html>\n",
          f);
}
