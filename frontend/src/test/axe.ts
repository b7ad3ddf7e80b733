import axe from 'axe-core';

/**
 * The page's findings for the given axe-core rules, one line each (rule, element, summary): for rules that
 * read the document's structure (heading order, landmarks), which jsdom has; not for ones that need layout
 * or colours (the browser tests run every rule in Chromium).
 */
export async function axeFindings(rules: string[]): Promise<string[]> {
  const results = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  );
}
