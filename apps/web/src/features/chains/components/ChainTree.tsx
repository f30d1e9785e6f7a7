import { useMemo, useState, type KeyboardEvent } from 'react';
import type { ChainTreeNode } from '@app/contract/chains';
import { relationshipLabel } from '@app/contract/chains-rules';
import { allExpandable, treeKey, visibleRows, type TreeRow } from '../tree-layout.ts';

const nodeId = (base: string, userId: string) => `${base}-${userId}`;

/**
 * The accepted chain tree drawn as nested lists with connector lines, as a WAI-ARIA tree: one
 * item in the tab order (roving tabindex), arrows move and open or close, Home and End jump.
 */
export function ChainTree({ root, label = 'Your network' }: { root: ChainTreeNode; label?: string }) {
  const [expanded, setExpanded] = useState<Set<string>>(() => allExpandable(root));
  const [focused, setFocused] = useState(root.userId);
  const rows = useMemo(() => visibleRows(root, expanded), [root, expanded]);
  const byId = useMemo(() => new Map(rows.map((row) => [row.node.userId, row])), [rows]);
  const base = 'chain-node';

  const toggle = (userId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const current = byId.has(focused) ? focused : root.userId;
    const result = treeKey(rows, current, event.key);
    if (!result) return;
    event.preventDefault();
    if ('toggle' in result) toggle(result.toggle);
    else {
      setFocused(result.focus);
      document.getElementById(nodeId(base, result.focus))?.focus();
    }
  }

  const item = (node: ChainTreeNode) => {
    const row = byId.get(node.userId) as TreeRow;
    const isRoot = node.depth === 0;
    return (
      <li
        key={node.userId}
        id={nodeId(base, node.userId)}
        role="treeitem"
        aria-level={row.level}
        aria-posinset={row.posInSet}
        aria-setsize={row.setSize}
        aria-expanded={row.hasChildren ? row.expanded : undefined}
        aria-selected={focused === node.userId}
        tabIndex={focused === node.userId || (!byId.has(focused) && isRoot) ? 0 : -1}
        className="chain-tree__item"
        data-testid="chain-node"
        data-user-id={node.userId}
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocused(node.userId);
        }}
        onClick={(event) => {
          event.stopPropagation();
          setFocused(node.userId);
          if (row.hasChildren) toggle(node.userId);
        }}
      >
        <span className="chain-tree__row">
          {row.hasChildren ? (
            <span className="chain-tree__toggle" aria-hidden="true">
              {row.expanded ? '−' : '+'}
            </span>
          ) : (
            <span className="chain-tree__dot" aria-hidden="true" />
          )}
          <span className="chain-tree__name">{isRoot ? `${node.name} (you)` : node.name}</span>
          {node.relationship && <span className="chain-badge">{relationshipLabel(node.relationship)}</span>}
          {row.hasChildren && <span className="chain-tree__count">{node.children.length} below</span>}
        </span>
        {row.hasChildren && row.expanded && (
          <ul role="group" className="chain-tree__group">
            {node.children.map(item)}
          </ul>
        )}
      </li>
    );
  };

  return (
    <ul role="tree" aria-label={label} className="chain-tree" onKeyDown={onKeyDown}>
      {item(root)}
    </ul>
  );
}
