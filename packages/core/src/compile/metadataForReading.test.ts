import { describe, expect, it } from 'vitest';
import { withDefaults } from '../functions/registry.js';
import { metadataForReading } from './metadataForReading.js';

describe('metadataForReading', () => {
  it('fills missing and null values from the defaults of the type, deeply', () => {
    const metadata = { model: 'gpt-4.1', temperature: null, output: { type: 'json' } };
    expect(metadataForReading('custom_gpt', metadata)).toEqual(withDefaults('custom_gpt', metadata));
  });

  it('returns complete metadata, and metadata of an unknown type, unchanged', () => {
    const complete = withDefaults('http_calls', {});
    expect(metadataForReading('http_calls', complete)).toBe(complete);
    const other = { anything: 1 };
    expect(metadataForReading('not_a_type', other)).toBe(other);
  });
});
