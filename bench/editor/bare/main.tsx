// The baseline of the editor benchmark: React Flow with default nodes and nothing else.
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);
const size = params.get('n') ?? '1000';
const width = params.get('w') ?? '100vw';
const height = params.get('h') ?? '100vh';

void fetch(`/nodes-${size}.json`)
  .then((res) => res.json())
  .then(({ nodes, edges }: { nodes: Node[]; edges: Edge[] }) => {
    const root = document.getElementById('root');
    if (!root) return;
    createRoot(root).render(
      <div style={{ width: `${width}px`, height: `${height}px` }}>
        <ReactFlow defaultNodes={nodes} defaultEdges={edges} defaultViewport={{ x: 0, y: 0, zoom: 1.5 }} />
      </div>,
    );
  });
