/**
 * Called in a statement, makes its transaction commit without waiting for its WAL to reach the
 * disk; the setting lasts until that transaction ends. Used where losing the last fraction of a
 * second to a database crash costs nothing owed to anyone: cart changes (decision 0069), whose
 * loss an order's synchronous commit never depends on, and notifications (decision 0074), which
 * write nothing else. A transaction that notifies then holds PostgreSQL's notify lock for
 * microseconds instead of through a flush.
 */
export const ASYNC_COMMIT_CALL = `set_config('synchronous_commit', 'off', true)`;
