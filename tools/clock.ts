// The Clock lives in domain/ so storage, auth and jobs can read "now" without importing tools; tools keep this name.
export * from '../domain/clock';
