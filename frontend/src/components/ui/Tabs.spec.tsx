import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs } from './Tabs';

type Name = 'one' | 'two' | 'three';
const TABS = [
  { id: 'one', label: 'One' },
  { id: 'two', label: 'Two' },
  {
    id: 'three',
    label: (
      <>
        Three <span data-testid="badge">4</span>
      </>
    ),
  },
] as const;

function Harness() {
  const [tab, setTab] = useState<Name>('one');
  return (
    <Tabs label="Sections" tabs={TABS} selected={tab} onSelect={setTab}>
      <p>Content of {tab}</p>
    </Tabs>
  );
}

/** The tab is the selected one: aria-selected, the only tab in the Tab order, and the panel is named by it. */
function expectSelected(name: RegExp) {
  const tab = screen.getByRole('tab', { name });
  expect(tab).toHaveAttribute('aria-selected', 'true');
  expect(tab).toHaveAttribute('tabindex', '0');
  for (const other of screen.getAllByRole('tab').filter((t) => t !== tab)) {
    expect(other).toHaveAttribute('aria-selected', 'false');
    expect(other).toHaveAttribute('tabindex', '-1');
  }
  const panel = screen.getByRole('tabpanel');
  expect(panel).toHaveAttribute('aria-labelledby', tab.id);
  expect(panel).toHaveAccessibleName(tab.textContent ?? '');
  expect(tab).toHaveAttribute('aria-controls', panel.id);
  return tab;
}

describe('Tabs', () => {
  it('renders a named tab list with the default classes and one panel', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(list).toHaveClass('segmented', 'cr-tabs');
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(screen.getByRole('tabpanel')).toHaveClass('cr-panel');
    expect(screen.getByTestId('badge')).toHaveTextContent('4');
    expectSelected(/^One$/);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of one');
  });

  it('moves selection and focus with ArrowRight and ArrowLeft, wrapping round at both ends', () => {
    render(<Harness />);
    screen.getByRole('tab', { name: /^One$/ }).focus();

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(expectSelected(/^Two$/)).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of two');

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(expectSelected(/^Three/)).toHaveFocus();

    // Last to first.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(expectSelected(/^One$/)).toHaveFocus();

    // First to last.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(expectSelected(/^Three/)).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of three');

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(expectSelected(/^Two$/)).toHaveFocus();
  });

  it('ignores other keys', () => {
    render(<Harness />);
    const one = screen.getByRole('tab', { name: /^One$/ });
    one.focus();
    fireEvent.keyDown(one, { key: 'ArrowDown' });
    fireEvent.keyDown(one, { key: 'Enter' });
    expect(expectSelected(/^One$/)).toHaveFocus();
  });

  it('selects a clicked tab', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: /^Three/ }));
    expectSelected(/^Three/);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Content of three');
    fireEvent.click(screen.getByRole('tab', { name: /^One$/ }));
    expectSelected(/^One$/);
  });

  it('takes other classes and can leave the panel unnamed', () => {
    render(
      <Tabs
        label="Kinds"
        tabs={TABS}
        selected="two"
        onSelect={() => {}}
        className="segmented"
        panelClassName=""
        unnamedPanel
      >
        panel
      </Tabs>,
    );
    const list = screen.getByRole('tablist', { name: 'Kinds' });
    expect(list).toHaveAttribute('class', 'segmented');
    const panel = screen.getByRole('tabpanel');
    expect(panel).not.toHaveAttribute('class');
    expect(panel).not.toHaveAttribute('aria-labelledby');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-controls', panel.id);
  });
});
