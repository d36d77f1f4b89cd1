// The error vocabulary lives in domain/ so auth can refuse a credential with the same 401 the adapters map,
// without importing tools.
export * from '../domain/errors';
