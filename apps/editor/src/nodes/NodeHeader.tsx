import { memo, useCallback } from 'react';
import { EMOJI_PICKER } from '../emoji/emojiMessages';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { badgeText } from './badgeText';
import { editorText } from '../messages';

interface NodeHeaderProps {
  id: string;
  name: string;
  triggerText: string;
  selected: boolean;
  label?: string;
}

/** The emoji badge (opens the picker beside the node), the name, and a remove icon when selected. */
export const NodeHeader = memo(function NodeHeader({ id, name, triggerText, selected, label }: NodeHeaderProps) {
  const store = useEditorStoreApi();
  const openPicker = useCallback(
    (event: React.MouseEvent<HTMLButtonElement>) => {
      event.stopPropagation();
      // Beside the node, not over it: to the right of the whole node, level with its top.
      const rect = (event.currentTarget.closest('.react-flow__node') ?? event.currentTarget).getBoundingClientRect();
      store.getState().openEmojiPicker(rect.right + EMOJI_PICKER.gapPx, rect.top, id);
    },
    [store, id],
  );
  const remove = useCallback(
    (event: React.MouseEvent<HTMLButtonElement>) => {
      event.stopPropagation();
      store.getState().removeNodes([id]);
    },
    [store, id],
  );
  return (
    <div className="flow-node-header">
      <button
        type="button"
        className="flow-node-badge nodrag"
        onClick={openPicker}
        aria-label={editorText.changeEmoji}
        title={editorText.changeEmoji}
      >
        {badgeText(triggerText)}
      </button>
      <div className="flow-node-titles">
        <span className="flow-node-name" title={name}>
          {name}
        </span>
        {label ? <span className="flow-node-label">{label}</span> : null}
      </div>
      {selected ? (
        <button
          type="button"
          className="flow-node-remove nodrag"
          onClick={remove}
          aria-label={editorText.removeNode}
          title={editorText.removeNode}
        >
          ×
        </button>
      ) : null}
    </div>
  );
});
