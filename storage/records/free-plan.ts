// What choosing a free launch week answers, on both engines (storage/queries/free-plan.ts, storage/pg/free-plan.ts).

// What choosing the free plan did: queued in a week; refused, every week of the window being full; or nothing,
// the listing's status no longer allowing it (it moved meanwhile).
export type FreeWeekClaim = { outcome: 'queued'; week: string } | { outcome: 'full'; reason: string } | { outcome: 'status_changed' };
