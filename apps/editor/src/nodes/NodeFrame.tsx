import { useContext, useEffect, useRef, type ReactNode } from 'react';
import type { FlowNode } from '@flow/core';
import { NodeHandles } from './NodeHandles';
import { editorText } from '../messages';
import { NodeChangedContext } from './NodeChangedContext';
import { NodeProblemsContext } from './NodeProblemsContext';
import { NodeLabelsContext } from './NodeLabelsContext';

interface NodeFrameProps {
  id: string;
  type: FlowNode['type'];
  selected: boolean;
  inactive?: boolean;
  children: ReactNode;
}

/**
 * The box of every node: its four handles, its content, and under it, in red, what the rule
 * engine finds wrong with the node ('Error: Disconnected @ : {name}'), which also describes it.
 */
export function NodeFrame({ id, type, selected, inactive = false, children }: NodeFrameProps) {
  const problems = useContext(NodeProblemsContext).get(id);
  const changed = useContext(NodeChangedContext).has(id);
  const problemId = problems ? `node-problem-${id}` : undefined;
  const label = useContext(NodeLabelsContext)(id);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The name goes on React Flow's wrapper, the element that takes the focus; set here, not on the
    // React Flow node, so a renamed neighbour does not replace node objects (their edges were lost).
    const wrapper = frame.current?.closest('.react-flow__node');
    if (label) wrapper?.setAttribute('aria-label', label);
    else wrapper?.removeAttribute('aria-label');
  }, [label]);
  const classes = ['flow-node', `flow-node-${type}`, selected ? 'selected' : '', inactive ? 'inactive' : '', problems ? 'has-problem' : ''];
  return (
    <div ref={frame} className={classes.filter(Boolean).join(' ')} data-testid={`node-${id}`} aria-describedby={problemId}>
      <NodeHandles />
      {changed ? (
        <span className="flow-node-changed" role="img" aria-label={editorText.changedSincePublish} title={editorText.changedSincePublish} />
      ) : null}
      {children}
      {problems ? (
        <div id={problemId} className="flow-node-problem">
          {problems.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
