import { useId, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  /** What the tab shows: text, or text with more (a count badge). */
  label: ReactNode;
}

interface TabsProps<T extends string> {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: NoInfer<T>;
  onSelect(id: NoInfer<T>): void;
  /** Classes of the tab list; the credits, admin and billing look by default. */
  className?: string;
  /** Classes of the panel; the credits, admin and billing look by default, '' for none. */
  panelClassName?: string;
  /** Leaves the panel unnamed, for a panel whose tab label would wrongly name the fields inside it. */
  unnamedPanel?: boolean;
  /**
   * A tab is about to be chosen (the pointer is over it or pressed on it, or it has the focus): a panel that
   * loads on demand can start loading before the click.
   */
  onIntent?(id: NoInfer<T>): void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** The app's tabs: a tab list (arrow keys move between tabs, wrapping round) and the selected tab's one panel. */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  className = 'segmented cr-tabs',
  panelClassName = 'cr-panel',
  unnamedPanel = false,
  onIntent,
  children,
}: TabsProps<T>) {
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
      <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
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
            onPointerEnter={onIntent && (() => onIntent(tab.id))}
            onPointerDown={onIntent && (() => onIntent(tab.id))}
            onFocus={onIntent && (() => onIntent(tab.id))}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={panelId(selected)}
        aria-labelledby={unnamedPanel ? undefined : tabId(selected)}
        className={panelClassName || undefined}
      >
        {children}
      </div>
    </>
  );
}
