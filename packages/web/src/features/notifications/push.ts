import type { PushSubscriptionBody } from '@yedyni/contract';
import { activeWorker } from '../../shared/lib/serviceWorker';
import { notificationsApi } from './api';

/** This device's push state: not possible here, blocked by the person, or on/off. */
export type PushState = 'unsupported' | 'denied' | 'on' | 'off';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** A VAPID key as pushManager.subscribe takes it: base64url → bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await activeWorker();
  if (!registration) return 'unsupported';
  return (await registration.pushManager.getSubscription()) ? 'on' : 'off';
}

/**
 * Asks the browser's permission (only from a click), subscribes with the server's key and tells the
 * server. An existing subscription is sent again: the server keeps one row per endpoint.
 */
export async function enablePush(publicKey: string): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await activeWorker();
  if (!registration) return 'unsupported';
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  try {
    await notificationsApi.subscribe(subscription.toJSON() as PushSubscriptionBody);
  } catch (error) {
    // The server refused it (too many devices, push off): do not leave a subscription it does not know.
    await subscription.unsubscribe();
    throw error;
  }
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const registration = await activeWorker();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await notificationsApi.unsubscribeDevice(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return 'off';
}
