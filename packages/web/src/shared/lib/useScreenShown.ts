import { type RefObject, useEffect, useLayoutEffect } from 'react';
import { rememberScreen, showApp } from './lastScreen';
import { screenShown, whenIdle } from './whenIdle';

/**
 * What a screen the page may paint first (home, a lesson: ./lastScreen.ts) says once its content
 * is on screen (`shown`): the app takes the painted copy's place in the same task as the render,
 * so the two are never on the page together, and `focus` gets the focus it could not take while
 * the app was hidden; idle work may start (./whenIdle.ts); and the screen is kept to paint first
 * next time, again whenever `keep` changes (null or undefined: nothing to keep, as a failed or
 * closed screen).
 */
export function useScreenShown(shown: boolean, keep: unknown, focus?: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (shown && showApp()) focus?.current?.focus();
  }, [shown, focus]);
  useEffect(() => {
    if (shown) screenShown();
  }, [shown]);
  useEffect(() => {
    if (keep !== null && keep !== undefined) return whenIdle(rememberScreen);
  }, [keep]);
}
