// The scopes live in domain/ so storage (API key rows) and auth (tokens, consent) need not import tools.
export * from '../domain/scopes';
