import { MenuItem } from './MenuItem';

/** Entries of an edge's context menu; Edit Edge opens the source's post-action choice (decisions.md). */
export function EdgeMenuItems({ edgeId }: { edgeId: string }) {
  const target = { edgeId };
  return (
    <>
      <MenuItem action="editEdge" target={target} />
      <MenuItem action="deleteEdge" target={target} />
    </>
  );
}
