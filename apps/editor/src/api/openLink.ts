import { flowMessages, isHttpLink } from '@flow/core';
import { providerUrl } from './providerUrl';

/**
 * Opens a provider's link (a hosted session, a workflow preview) in a new tab, cut off from this
 * page (no opener, no referrer). `tab` is a blank tab opened during the click, so popup blockers let
 * it through; a link that is not http(s) is never opened: the tab closes and the message says why.
 * @returns null when opened, else the message to show.
 */
export function openLink(tab: Window | null, link: string): string | null {
  if (!isHttpLink(link)) {
    tab?.close();
    return flowMessages.unsafeLink(link);
  }
  // A path of the provider's own site.
  if (link.startsWith('/')) link = new URL(link, providerUrl() || window.location.origin).href;
  if (tab) {
    tab.opener = null;
    tab.location.replace(link);
  } else {
    window.open(link, '_blank', 'noopener,noreferrer');
  }
  return null;
}

/** A blank tab opened during a click, cut off from this page, for a link that comes later. */
export function blankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}
