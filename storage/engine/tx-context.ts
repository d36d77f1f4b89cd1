import { AsyncLocalStorage } from 'node:async_hooks';

// Which engine's transaction the running code is inside (and, on PostgreSQL, on which connection), carried across
// awaits. A statement run inside a transaction must go to that transaction's connection; one run by any other
// request meanwhile must not.
export type TxFrame = { owner: object; depth: number; mode: 'immediate' | 'deferred'; connection?: unknown };

export const txContext = new AsyncLocalStorage<TxFrame>();

export const frameOf = (owner: object): TxFrame | undefined => {
  const f = txContext.getStore();
  return f?.owner === owner ? f : undefined;
};
