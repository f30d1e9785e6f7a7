import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  content: ReactNode;
}

export interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** 'fill' shares the width (a few short tabs); 'scroll' keeps each tab's width and scrolls sideways on a phone (many tabs). */
  layout?: 'fill' | 'scroll';
}

/**
 * WAI-ARIA tabs: a tablist of buttons with roving tabindex (Tab enters the list at the selected
 * tab, arrows, Home and End move and select), each controlling a labelled tabpanel. Only the
 * selected panel is rendered, so hidden forms never hold duplicate fields.
 */
export function Tabs<T extends string>({ label, items, value, onChange, layout = 'fill' }: TabsProps<T>) {
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(0, items.findIndex((item) => item.value === value));
  const selected = items[selectedIndex]!;

  // A scrolling list shows the selected tab (opened at ?section=profile on a phone, it was out of view).
  useEffect(() => {
    const tab = tabs.current[selectedIndex];
    const list = tab?.parentElement;
    if (layout !== 'scroll' || !tab || !list) return;
    if (tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = tab.offsetLeft - 8;
  }, [layout, selectedIndex]);

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length]!;
    onChange(item.value);
    tabs.current[items.indexOf(item)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, number> = { ArrowRight: selectedIndex + 1, ArrowLeft: selectedIndex - 1, Home: 0, End: items.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={layout === 'scroll' ? 'tabs tabs--scroll' : 'tabs'}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item, index) => {
          const isSelected = item.value === selected.value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onChange(item.value)}
              onKeyDown={onKeyDown}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${selected.value}`} aria-labelledby={`${base}-tab-${selected.value}`} className="tabs__panel">
        {selected.content}
      </div>
    </div>
  );
}
