import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export type TabItem<K extends string> = { key: K; label: string; panel: ReactNode };

type TabsProps<K extends string> = {
  label: string;
  items: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
};

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function Tabs<K extends string>({ label, items, selected, onSelect }: TabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const focusTab = (index: number) => {
    const count = items.length;
    const next = (index + count) % count;
    const item = items[next];
    if (!item) return;
    onSelect(item.key);
    tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item, index) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab${active ? ' tabs__tab--active' : ''}`}
              onClick={() => onSelect(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={item.key !== selected}
          className="tabs__panel"
        >
          {item.key === selected && item.panel}
        </div>
      ))}
    </div>
  );
}
