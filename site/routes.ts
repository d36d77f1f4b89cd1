import type { Hono } from 'hono';
import type { AppDeps } from '../transport/app';
import { SITE_CSS } from './styles';

// Server-rendered pages people use. Each area registers its own routes here.
export function registerSite(app: Hono, deps: AppDeps): void {
  void deps;
  app.get('/assets/site.css', () => new Response(SITE_CSS, { headers: { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'public, max-age=3600' } }));
}
