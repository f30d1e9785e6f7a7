import type { ChainTreeNode } from '@app/contract/chains';

/**
 * The chain tree as the page draws it: the visible rows in reading order (a node's children only
 * when it is expanded), each knowing its level, its place among its siblings and, for the
 * connector lines, which of its ancestors are the last of their siblings (no line continues
 * below them). Keyboard moves follow the WAI-ARIA tree view pattern.
 */
export interface TreeRow {
  node: ChainTreeNode;
  /** 1 for the root (aria-level). */
  level: number;
  parentId: string | null;
  posInSet: number;
  setSize: number;
  hasChildren: boolean;
  expanded: boolean;
  /** For each ancestor level below the root: whether that ancestor was the last child (no vertical line). */
  lastAtLevel: boolean[];
}

export function visibleRows(root: ChainTreeNode, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: ChainTreeNode, level: number, parentId: string | null, posInSet: number, setSize: number, lastAtLevel: boolean[]) => {
    const hasChildren = node.children.length > 0;
    const open = hasChildren && expanded.has(node.userId);
    rows.push({ node, level, parentId, posInSet, setSize, hasChildren, expanded: open, lastAtLevel });
    if (!open) return;
    node.children.forEach((child, index) => walk(child, level + 1, node.userId, index + 1, node.children.length, [...lastAtLevel, index === node.children.length - 1]));
  };
  walk(root, 1, null, 1, 1, []);
  return rows;
}

/** Every node with children, so a tree opens fully expanded (it is already depth-limited by the server). */
export function allExpandable(root: ChainTreeNode): Set<string> {
  const ids = new Set<string>();
  const walk = (node: ChainTreeNode) => {
    if (node.children.length > 0) ids.add(node.userId);
    node.children.forEach(walk);
  };
  walk(root);
  return ids;
}

/** How many people are below the root (all levels). */
export function countBelow(root: ChainTreeNode): number {
  return root.children.reduce((sum, child) => sum + 1 + countBelow(child), 0);
}

export type TreeKeyResult = { focus: string } | { toggle: string } | null;

/** What a key does on the focused row: move focus, or open/close the row. Unknown keys do nothing. */
export function treeKey(rows: TreeRow[], focusedId: string, key: string): TreeKeyResult {
  const index = rows.findIndex((row) => row.node.userId === focusedId);
  if (index < 0) return rows[0] ? { focus: rows[0].node.userId } : null;
  const row = rows[index]!;
  switch (key) {
    case 'ArrowDown':
      return rows[index + 1] ? { focus: rows[index + 1]!.node.userId } : null;
    case 'ArrowUp':
      return index > 0 ? { focus: rows[index - 1]!.node.userId } : null;
    case 'Home':
      return { focus: rows[0]!.node.userId };
    case 'End':
      return { focus: rows[rows.length - 1]!.node.userId };
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      return row.expanded ? { focus: rows[index + 1]!.node.userId } : { toggle: row.node.userId };
    case 'ArrowLeft':
      if (row.hasChildren && row.expanded) return { toggle: row.node.userId };
      return row.parentId ? { focus: row.parentId } : null;
    case 'Enter':
    case ' ':
      return row.hasChildren ? { toggle: row.node.userId } : null;
    default:
      return null;
  }
}
