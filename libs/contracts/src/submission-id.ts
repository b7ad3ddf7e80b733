/**
 * The request header naming a submission: a UUID the client makes once per memory and sends again with
 * every retry of it, so that a retry after a lost answer stores nothing twice (the server answers the
 * stored memory again). Optional: a submission without it is stored as sent.
 */
export const SUBMISSION_ID_HEADER = 'x-submission-id';
