/**
 * The longest run id aigo accepts, for agent runs (run stores) and graph runs (checkpointers and
 * queues) alike: it is a primary key and a queue key.
 */
export const MAX_RUN_ID_LENGTH = 200;
