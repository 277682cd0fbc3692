import { isIPv4, isIPv6 } from 'node:net';
import { DEVICE_KINDS, type DeviceKind } from '@yedyni/contract';
import Bowser from 'bowser';

/** Where a sign-in came from, as the request gives it: the client's address and its user agent. */
export interface SignInOrigin {
  /** `request.ip`: the peer, or what trusted proxies say it is (TRUST_PROXY). */
  address: string;
  userAgent?: string | undefined;
}

/** What a session keeps of its origin: no whole address, no raw user agent. */
export interface SessionOrigin {
  device: string | null;
  deviceKind: DeviceKind | null;
  place: string | null;
}

/** A user agent is the client's to write: only this much of it is ever parsed. */
const USER_AGENT_READ = 512;
const DEVICE_MAX = 120;

export function sessionOrigin(origin: SignInOrigin): SessionOrigin {
  return { ...describeDevice(origin.userAgent), place: approximatePlace(origin.address) };
}

/**
 * The network, never the host: an IPv4 address's first two octets («203.0.x.x»), an IPv6
 * address's first three groups («2001:db8:85a3:x:x:x:x:x», the provider's routing prefix at most).
 * Enough for a person to tell «that was me at home» from «that was not me»; too little to find
 * anyone's line. An IPv4 address written as IPv6 (`::ffff:…`) is taken as IPv4. Null if not an address.
 */
export function approximatePlace(address: string): string | null {
  const bare = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)?.[1];
  const v4 = mapped ?? bare;
  if (isIPv4(v4)) {
    const [a, b] = v4.split('.');
    return `${a}.${b}.x.x`;
  }
  if (!isIPv6(bare)) return null;
  const groups = firstGroups(bare.toLowerCase(), 3).map((group) => group.replace(/^0+(?=.)/, ''));
  return `${groups.join(':')}:x:x:x:x:x`;
}

/** The first `count` 16-bit groups of a valid IPv6 address, `::` spelled out as zeros. */
function firstGroups(address: string, count: number): string[] {
  const [head = '', tail] = address.split('::');
  const before = head ? head.split(':') : [];
  if (tail === undefined || before.length >= count) return before.slice(0, count);
  const after = tail ? tail.split(':') : [];
  // A dotted IPv4 tail fills two groups.
  const afterGroups = after.length + (after.at(-1)?.includes('.') ? 1 : 0);
  const zeros = Array.from({ length: 8 - before.length - afterGroups }, () => '0');
  return [...before, ...zeros, ...after].slice(0, count);
}

/** «Firefox 128 · Windows 10», «Safari 17 · iOS 17», with bowser's kind of platform; nulls if unknown. */
export function describeDevice(userAgent: string | undefined): Pick<SessionOrigin, 'device' | 'deviceKind'> {
  if (!userAgent) return { device: null, deviceKind: null };
  const { browser, os, platform } = Bowser.parse(userAgent.slice(0, USER_AGENT_READ));
  const major = (version: string | undefined) => version?.split('.')[0];
  // Windows is known by its name (10, 11); macOS's user agent has said 10.15 for years, whatever it runs.
  const osVersion = os.name === 'Windows' ? os.versionName : os.name === 'macOS' ? undefined : major(os.version);
  const parts = [
    [browser.name, major(browser.version)].filter(Boolean).join(' '),
    [os.name, osVersion].filter(Boolean).join(' '),
  ].filter(Boolean);
  const kind = DEVICE_KINDS.find((k) => k === platform.type) ?? null;
  return { device: parts.length ? parts.join(' · ').slice(0, DEVICE_MAX) : null, deviceKind: kind };
}
