import { useContext, type ReactNode } from 'react';
import type { FlowNode } from '@flow/core';
import { NodeHandles } from './NodeHandles';
import { editorText } from '../messages';
import { NodeChangedContext } from './NodeChangedContext';
import { NodeProblemsContext } from './NodeProblemsContext';

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
  const classes = ['flow-node', `flow-node-${type}`, selected ? 'selected' : '', inactive ? 'inactive' : '', problems ? 'has-problem' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-testid={`node-${id}`} aria-describedby={problemId}>
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
