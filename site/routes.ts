import type { Hono } from 'hono';
import type { AppDeps } from '../transport/app';

export function registerSite(app: Hono, deps: AppDeps): void {
  void app; void deps;
}
