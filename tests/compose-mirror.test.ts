import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../transport/config';
import { isTrusted, parseCidrList } from '../domain/client-address';

// compose.yaml cannot be run here (no container runtime), so it must stay a plain mirror of what is run:
// tests/multi-node.e2e.test.ts on PostgreSQL. These checks fail when the two drift apart: a command that is not an
// npm script, a variable the config does not read or refuses, a database URL that is not the postgres service's, a
// start order that lets a node start before its schema, a proxy the nodes would not trust, or a variable the
// multi-node test never exercises.
type Service = {
  command?: string[]; environment?: Record<string, string>; image?: string; build?: string; volumes?: string[];
  healthcheck?: { test?: string[] }; depends_on?: Record<string, { condition?: string }>;
  networks?: Record<string, { ipv4_address?: string } | null>;
};
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const configSource = readFileSync('transport/config.ts', 'utf8') + readFileSync('transport/ops/logger.ts', 'utf8');
const multiNodeTest = readFileSync('tests/multi-node.e2e.test.ts', 'utf8');
const appServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
// Compose writes ${NAME:-default}; the value the container sees when NAME is unset.
const resolved = (env: Record<string, string>) =>
  Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]));

describe('compose.yaml mirrors the multi-node test', () => {
  it('has the database, the migrate step, web nodes, a worker and a proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['migrate', 'postgres', 'proxy', 'web', 'worker']);
    expect(appServices.map(([name]) => name).sort()).toEqual(['migrate', 'web', 'worker']);
  });

  it('starts in order: PostgreSQL healthy, then the migration, then the nodes', () => {
    const { postgres, migrate, web, worker } = compose.services;
    expect(postgres.image).toMatch(/^postgres:\d+/); // the official image
    expect(postgres.volumes?.some((v) => v.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(postgres.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    for (const node of [web, worker]) expect(node.depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });

  it("every app service uses the postgres service's database, with its credentials", () => {
    const pgEnv = compose.services.postgres.environment ?? {};
    const own = resolved(pgEnv);
    for (const [name, service] of appServices) {
      const config = loadConfig(resolved(service.environment ?? {}));
      expect(config.databaseUrl, `${name}: DATABASE_URL`).toBeTruthy();
      const url = new URL(config.databaseUrl!);
      expect([url.hostname, url.port, url.username, decodeURIComponent(url.password), url.pathname], name)
        .toEqual(['postgres', '5432', own.POSTGRES_USER, own.POSTGRES_PASSWORD, `/${own.POSTGRES_DB}`]);
    }
  });

  it.each(appServices)('%s runs an npm script of package.json', (_name, service) => {
    const [npm, ...args] = service.command ?? [];
    expect(npm).toBe('npm');
    const script = args[0] === 'run' ? args[1] : args[0];
    expect(Object.keys(scripts)).toContain(script);
  });

  it.each(appServices)('%s sets only variables the app reads, with values it accepts', (_name, service) => {
    const env = resolved(service.environment ?? {});
    for (const name of Object.keys(env)) expect(configSource, `${name} is not read by transport/config.ts`).toContain(`env.${name}`);
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('runs the roles the multi-node test runs, with shared limits', () => {
    const roleOf = (name: string) => loadConfig(resolved(compose.services[name].environment ?? {}));
    expect(roleOf('web').role).toBe('web');
    expect(roleOf('web').limitsStore).toBe('postgres');
    expect(roleOf('worker').role).toBe('worker');
    expect(roleOf('worker').limitsStore).toBe('postgres');
    for (const [name, service] of appServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(multiNodeTest, `${name}: ${variable} is not exercised by tests/multi-node.e2e.test.ts`).toContain(variable);
      }
    }
  });

  it("the web nodes trust the proxy's fixed address and nothing else", () => {
    const proxyAddress = compose.services.proxy.networks?.default?.ipv4_address;
    expect(proxyAddress).toBeTruthy();
    const trusted = parseCidrList(resolved(compose.services.web.environment ?? {}).TRUST_PROXY);
    expect(trusted.invalid).toEqual([]);
    expect(isTrusted(proxyAddress!, trusted.cidrs)).toBe(true);
    // Only the proxy: another container on the network must not be able to name a client address.
    const [a, b, c, d] = proxyAddress!.split('.').map(Number);
    expect(isTrusted(`${a}.${b}.${c}.${(d + 1) % 256}`, trusted.cidrs)).toBe(false);
  });
});
