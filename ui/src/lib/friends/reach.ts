import type { ReachReport } from '../bindings/ReachReport';
import type { PassedOver } from '../bindings/PassedOver';
import type { MessageKey } from '../i18n/index.svelte';

/** A sentence to word: its dictionary key and its parameters. */
export type Line = { key: MessageKey; params?: Record<string, string> };

const PROTOCOL: Record<string, string> = { upnp: 'UPnP', 'nat-pmp': 'NAT-PMP', pcp: 'PCP' };

/**
 * How friends on other networks reach the table you host, as the host is told it: the route (from
 * the report's one derivation in Rust), then why each way tried before it did not work. `null`
 * while the router is still being asked.
 */
export function reachLines(reach: ReachReport | null): { route: Line; why: Line[] } {
  if (!reach) return { route: { key: 'reach.asking' }, why: [] };
  const route = reach.outside.route;
  const routeLine: Line =
    route.route === 'direct'
      ? { key: 'reach.route.direct', params: { address: route.address } }
      : route.route === 'mapping'
        ? { key: 'reach.route.mapping', params: { address: route.address, protocol: mappedBy(reach) } }
        : route.route === 'relay'
          ? { key: 'reach.route.relay', params: { relay: route.relay } }
          : { key: 'reach.route.none' };
  return { route: routeLine, why: reach.outside.passed_over.flatMap(whyNot) };
}

/** The protocol the router mapped the port with. */
function mappedBy(reach: ReachReport): string {
  return reach.mapping.outcome === 'mapped' ? PROTOCOL[reach.mapping.protocol] : '';
}

/** Why a rung of the ladder did not hold (nothing for a rung that was not needed). */
function whyNot(rung: PassedOver): Line[] {
  if (rung.rung === 'no-public-address') return [{ key: 'reach.why.noPublic' }];
  if (rung.rung === 'mapping') {
    const m = rung.outcome;
    switch (m.outcome) {
      case 'no-router':
        return [{ key: 'reach.why.noRouter' }];
      case 'refused':
        return [{ key: 'reach.why.refused', params: { reason: m.reason } }];
      case 'behind-another-nat':
        return [{ key: 'reach.why.doubleNat', params: { address: m.address } }];
      case 'not-asked':
        return [{ key: 'reach.why.notAsked' }];
      case 'mapped':
      case 'not-needed':
        return [];
    }
  }
  if (rung.rung === 'relay') {
    const r = rung.outcome;
    switch (r.outcome) {
      case 'not-configured':
        return [{ key: 'reach.why.noRelay' }];
      case 'connecting':
        return [{ key: 'reach.why.relayConnecting', params: { relay: r.relay } }];
      case 'unreachable':
        return [{ key: 'reach.why.relayUnreachable', params: { relay: r.relay, problem: `reach.relayProblem.${r.problem}` as MessageKey } }];
      case 'registered':
        return [];
    }
  }
  return [];
}
