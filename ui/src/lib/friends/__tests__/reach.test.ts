import { describe, expect, it } from 'vitest';
import { reachLines } from '../reach';
import type { ReachReport } from '../../bindings/ReachReport';
import { en } from '../../i18n/en';
import { it as itDict } from '../../i18n/it';
import { es } from '../../i18n/es';
import { pt } from '../../i18n/pt';

const base: ReachReport = {
  port: 7878,
  lan: ['192.168.1.20:7878'],
  public: [],
  mapping: { outcome: 'no-router' },
  relay: { outcome: 'not-configured' },
  outside: { route: { route: 'none' }, passed_over: [{ rung: 'no-public-address' }, { rung: 'mapping', outcome: { outcome: 'no-router' } }, { rung: 'relay', outcome: { outcome: 'not-configured' } }] },
};

describe('how the host is told friends elsewhere reach the table', () => {
  it('says it is still asking before the report', () => {
    expect(reachLines(null)).toEqual({ route: { key: 'reach.asking' }, why: [] });
  });

  it('gives the route, then why each way before it failed', () => {
    const { route, why } = reachLines(base);
    expect(route.key).toBe('reach.route.none');
    expect(why.map((l) => l.key)).toEqual(['reach.why.noPublic', 'reach.why.noRouter', 'reach.why.noRelay']);
  });

  it('names the mapped address and protocol, and the relay problem as a key of its own', () => {
    const mapped: ReachReport = {
      ...base,
      mapping: { outcome: 'mapped', external: '203.0.113.5:41000', protocol: 'nat-pmp' },
      outside: { route: { route: 'mapping', address: '203.0.113.5:41000' }, passed_over: [{ rung: 'no-public-address' }] },
    };
    expect(reachLines(mapped).route).toEqual({ key: 'reach.route.mapping', params: { address: '203.0.113.5:41000', protocol: 'NAT-PMP' } });
    const relayed: ReachReport = {
      ...base,
      outside: {
        route: { route: 'none' },
        passed_over: [{ rung: 'relay', outcome: { outcome: 'unreachable', relay: 'wss://r.example', problem: 'no-answer' } }],
      },
    };
    expect(reachLines(relayed).why).toEqual([{ key: 'reach.why.relayUnreachable', params: { relay: 'wss://r.example', problem: 'reach.relayProblem.no-answer' } }]);
  });

  it('has every word it uses in every language', () => {
    const problems = ['cannot-connect', 'tls', 'not-a-relay', 'no-answer', 'refused', 'closed'];
    const keys = Object.keys(en).filter((k) => k.startsWith('reach.'));
    expect(keys).toEqual(expect.arrayContaining(problems.map((p) => `reach.relayProblem.${p}`)));
    for (const dict of [itDict, es, pt]) for (const k of keys) expect(dict, k).toHaveProperty([k]);
  });
});
