import type { Viewport } from '@xyflow/react';

/** The browser storage key of a plan version's last viewport. */
export function viewportKey(planId: string, versionName: string): string {
  return `flow:viewport:${planId}/${versionName}`;
}

/** The viewport this browser kept for a plan version, or null (none, unreadable, storage refused). */
export function readViewport(planId: string, versionName: string): Viewport | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(viewportKey(planId, versionName)) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    if (!('x' in value) || !('y' in value) || !('zoom' in value)) return null;
    const { x, y, zoom } = value;
    if (typeof x !== 'number' || typeof y !== 'number' || typeof zoom !== 'number') return null;
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(zoom) || zoom <= 0) return null;
    return { x, y, zoom };
  } catch {
    return null;
  }
}

/** Keeps a plan version's viewport in this browser; storage failures are ignored (spec section 7). */
export function writeViewport(planId: string, versionName: string, viewport: Viewport): void {
  try {
    localStorage.setItem(viewportKey(planId, versionName), JSON.stringify({ x: viewport.x, y: viewport.y, zoom: viewport.zoom }));
  } catch {
    // Storage failures are ignored silently.
  }
}
