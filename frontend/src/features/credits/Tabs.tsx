import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: NoInfer<T>;
  onSelect(id: NoInfer<T>): void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** Tabs of the credits, admin and billing pages: a tab list (arrow keys move between tabs) and one panel. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const baseId = useId();
  const tabId = (id: T) => `${baseId}-${id}-tab`;
  const panelId = (id: T) => `${baseId}-${id}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = tabs[(index + step + tabs.length) % tabs.length].id;
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="segmented cr-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={tab.id === selected}
            aria-controls={panelId(tab.id)}
            tabIndex={tab.id === selected ? 0 : -1}
            className="segment"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} className="cr-panel">
        {children}
      </div>
    </>
  );
}
