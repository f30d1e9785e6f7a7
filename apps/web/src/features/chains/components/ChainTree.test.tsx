import { afterEach, describe, expect, it } from 'vitest';
import type { ChainTreeNode, UserChain } from '@app/contract/chains';
import { pressKey } from '../../../test/dom.ts';
import { cleanup, render } from '../../../test/render.tsx';
import { ChainTree } from './ChainTree.tsx';
import { askedText } from './PendingRequests.tsx';
import { personRef } from './InviteForm.tsx';
import { sideText } from './ChainList.tsx';

afterEach(cleanup);

const node = (userId: string, name: string, children: ChainTreeNode[] = [], depth = 0): ChainTreeNode => ({ userId, name, chainId: depth ? `c-${userId}` : null, relationship: depth ? 'friend' : null, depth, children });
const tree = node('me', 'Ada Green', [node('b', 'Bob Stone', [node('c', 'Cy D.', [], 2)], 1), node('d', 'Dee Park', [], 1)]);

describe('ChainTree', () => {
  it('draws nested groups as an ARIA tree, the root the one tab stop', () => {
    const { container } = render(<ChainTree root={tree} />);
    const items = [...container.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    expect(items.map((item) => item.dataset.userId)).toEqual(['me', 'b', 'c', 'd']);
    expect(items.map((item) => item.getAttribute('aria-level'))).toEqual(['1', '2', '3', '2']);
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(items[0]!.textContent).toContain('Ada Green (you)');
    expect(items[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(items[3]!.hasAttribute('aria-expanded')).toBe(false);
    expect(container.querySelectorAll('[role="group"]')).toHaveLength(2);
  });

  it('moves with the arrow keys and closes and opens rows', () => {
    const { container } = render(<ChainTree root={tree} />);
    const treeEl = container.querySelector('[role="tree"]')!;
    const item = (id: string) => container.querySelector<HTMLElement>(`[data-user-id="${id}"]`);
    item('me')!.focus();
    pressKey(treeEl, 'ArrowDown');
    expect(document.activeElement).toBe(item('b'));
    expect(item('b')!.tabIndex).toBe(0);
    pressKey(treeEl, 'ArrowLeft'); // b is open: close it
    expect(item('c')).toBeNull();
    expect(item('b')!.getAttribute('aria-expanded')).toBe('false');
    pressKey(treeEl, 'ArrowRight');
    expect(item('c')).not.toBeNull();
    pressKey(treeEl, 'End');
    expect(document.activeElement).toBe(item('d'));
    pressKey(treeEl, 'Home');
    expect(document.activeElement).toBe(item('me'));
  });
});

describe('chain texts', () => {
  const chain = { kind: 'invite', relationship: 'family', otherUser: { _id: 'x', name: 'Ada Green' }, parent: { _id: 'x', name: 'Ada Green' }, child: { _id: 'me', name: 'Me' } } as UserChain;
  it('says what was asked and where the other person sits', () => {
    expect(askedText(chain)).toBe('Ada Green invites you into their network as family');
    expect(askedText({ ...chain, kind: 'request' })).toBe('Ada Green asks to join your network as family');
    expect(sideText(chain, 'me')).toBe('above you');
    expect(sideText(chain, 'x')).toBe('below you');
  });

  it('sends a user id as userId and anything else as email', () => {
    expect(personRef(' 0190A1B2-C3D4-7E5F-8A9B-AAAAAAAAAAAA ')).toEqual({ userId: '0190a1b2-c3d4-7e5f-8a9b-aaaaaaaaaaaa' });
    expect(personRef(' grace@example.com ')).toEqual({ email: 'grace@example.com' });
  });
});
