/*
 * deadpos_memory.c - the searches' per-thread memory (dp_thread_block()).
 *
 * The closure search's positions, the targeted helpmate search's table, the
 * route search's positions, the exhaustive search's table and
 * deadpos_is_dead()'s cache of answers are too big to live in thread-local
 * storage itself: every thread that is started (check --jobs, position
 * --jobs, the zstd frame decoder) would get them cleared and paid for at its
 * start - the calling thread too, at the program's - though only the
 * threads that replay endgames use them.  Here each block
 * is allocated on first use, kept for the thread's next searches (most
 * searches are short: allocating and touching megabytes for each cost more
 * than the search) and freed when the thread ends, through a pthread key's
 * destructor; the main thread's blocks live until the process exits.
 */
#include "deadpos/deadpos_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct block {
    void *data;
    size_t size;
};

static _Thread_local struct block blocks[DP_MEM_NB];
static pthread_key_t key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;
static bool key_ok;

/* At the end of a thread: its blocks (the key's value only says there are
 * some; thread-local storage is still there when key destructors run). */
static void free_blocks(void *unused)
{
    (void)unused;
    for (int i = 0; i < DP_MEM_NB; i++) {
        free(blocks[i].data);
        blocks[i] = (struct block){0};
    }
}

static void key_init(void)
{
    key_ok = pthread_key_create(&key, free_blocks) == 0;
}

void *dp_thread_block(enum dp_mem id, size_t size)
{
    struct block *b = &blocks[id];
    if (b->size >= size) return b->data;
    /* a new block from calloc(): a big one comes zeroed by the system, and
     * its pages take memory only once they are written */
    void *data = b->data ? realloc(b->data, size) : calloc(1, size);
    if (!data) return NULL;
    if (b->data) memset((char *)data + b->size, 0, size - b->size);
    if (!b->data) {
        pthread_once(&key_once, key_init);
        if (key_ok) pthread_setspecific(key, blocks);
    }
    b->data = data;
    b->size = size;
    return data;
}
