import { MenuItem } from './MenuItem';
import { useMenuAction } from './useMenuAction';

/** Entries of an edge's context menu; Edit Edge opens the source's post-action choice (decisions.md). */
export function EdgeMenuItems({ edgeId }: { edgeId: string }) {
  const act = useMenuAction();
  return (
    <>
      <MenuItem
        label="Edit Edge"
        onSelect={act((s) => {
          const edge = s.doc.edges.find((e) => e.id === edgeId);
          if (!edge) return;
          s.selectNode(edge.source);
          s.setPanelTab('properties');
        })}
      />
      <MenuItem label="Delete Edge" danger onSelect={act((s) => s.removeEdge(edgeId))} />
    </>
  );
}
