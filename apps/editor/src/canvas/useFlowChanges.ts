import type { FlowDocument } from '@flow/core';
import { useMemo } from 'react';
import { useEditor } from '../store/EditorStoreContext';
import type { EditorState } from '../store/types';
import { flowChanges, type FlowChanges } from './flowChanges';
import { useIdleValue } from './useIdleValue';

const docSelector = (s: EditorState) => s.doc;
const publishedSelector = (s: EditorState) => s.publishedDoc;
/** A flow just loaded or just published is compared at once, not after the next idle moment. */
const wasEmpty = (doc: FlowDocument): boolean => doc.nodes.length === 0;

/** The changes since the last publish, found off the input path (once the flow on screen settles). */
export function useFlowChanges(): FlowChanges | null {
  const doc = useIdleValue(useEditor(docSelector), wasEmpty);
  const published = useEditor(publishedSelector);
  // After Play the published flow is the one on screen: compared with it, not a settling older one.
  const current = useEditor(docSelector);
  return useMemo(() => flowChanges(published, published === current ? current : doc), [published, current, doc]);
}
