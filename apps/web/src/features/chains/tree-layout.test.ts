import { describe, expect, it } from 'vitest';
import type { ChainTreeNode } from '@app/contract/chains';
import { allExpandable, countBelow, treeKey, visibleRows } from './tree-layout.ts';

const node = (userId: string, children: ChainTreeNode[] = [], depth = 0): ChainTreeNode => ({ userId, name: userId.toUpperCase(), chainId: depth ? `c-${userId}` : null, relationship: depth ? 'friend' : null, depth, children });
// root ─ a ─ a1
//      │   └ a2
//      └ b
const tree = node('root', [node('a', [node('a1', [], 2), node('a2', [], 2)], 1), node('b', [], 1)]);

describe('visible rows of the chain tree', () => {
  it('lists rows in reading order with level, position and connector flags when all are open', () => {
    const rows = visibleRows(tree, allExpandable(tree));
    expect(rows.map((r) => r.node.userId)).toEqual(['root', 'a', 'a1', 'a2', 'b']);
    expect(rows.map((r) => r.level)).toEqual([1, 2, 3, 3, 2]);
    expect(rows.map((r) => `${r.posInSet}/${r.setSize}`)).toEqual(['1/1', '1/2', '1/2', '2/2', '2/2']);
    expect(rows.find((r) => r.node.userId === 'a2')!.lastAtLevel).toEqual([false, true]);
    expect(rows.find((r) => r.node.userId === 'b')!.lastAtLevel).toEqual([true]);
    expect(rows.map((r) => r.parentId)).toEqual([null, 'root', 'a', 'a', 'root']);
  });

  it('hides the children of closed rows', () => {
    const rows = visibleRows(tree, new Set(['root']));
    expect(rows.map((r) => r.node.userId)).toEqual(['root', 'a', 'b']);
    expect(rows[1]).toMatchObject({ hasChildren: true, expanded: false });
    expect(visibleRows(tree, new Set()).map((r) => r.node.userId)).toEqual(['root']);
  });

  it('counts everyone below the root', () => {
    expect(countBelow(tree)).toBe(4);
    expect(countBelow(node('alone'))).toBe(0);
    expect([...allExpandable(tree)].sort()).toEqual(['a', 'root']);
  });
});

describe('keyboard in the tree (WAI-ARIA tree view)', () => {
  const open = visibleRows(tree, allExpandable(tree));
  it('moves up and down the visible rows, and to the first and last', () => {
    expect(treeKey(open, 'a', 'ArrowDown')).toEqual({ focus: 'a1' });
    expect(treeKey(open, 'a', 'ArrowUp')).toEqual({ focus: 'root' });
    expect(treeKey(open, 'root', 'ArrowUp')).toBeNull();
    expect(treeKey(open, 'b', 'ArrowDown')).toBeNull();
    expect(treeKey(open, 'a1', 'Home')).toEqual({ focus: 'root' });
    expect(treeKey(open, 'a1', 'End')).toEqual({ focus: 'b' });
  });

  it('right opens a closed row or enters an open one; left closes an open row or goes to the parent', () => {
    const closed = visibleRows(tree, new Set(['root']));
    expect(treeKey(closed, 'a', 'ArrowRight')).toEqual({ toggle: 'a' });
    expect(treeKey(open, 'a', 'ArrowRight')).toEqual({ focus: 'a1' });
    expect(treeKey(open, 'a1', 'ArrowRight')).toBeNull();
    expect(treeKey(open, 'a', 'ArrowLeft')).toEqual({ toggle: 'a' });
    expect(treeKey(open, 'a2', 'ArrowLeft')).toEqual({ focus: 'a' });
    expect(treeKey(closed, 'root', 'ArrowLeft')).toEqual({ toggle: 'root' });
    expect(treeKey(open, 'a', 'Enter')).toEqual({ toggle: 'a' });
    expect(treeKey(open, 'b', ' ')).toBeNull();
    expect(treeKey(open, 'b', 'x')).toBeNull();
    expect(treeKey(open, 'gone', 'ArrowDown')).toEqual({ focus: 'root' });
  });
});
