import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

interface BreadcrumbLabels {
  labels: Readonly<Record<string, string>>;
  set: (url: string, label: string | undefined) => void;
}

const BreadcrumbContext = createContext<BreadcrumbLabels>({ labels: {}, set: () => undefined });

/** Keeps the labels pages add to the breadcrumb for their URL. */
export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [labels, setLabels] = useState<Record<string, string>>({});
  // Stable, so pages that set a label do not run their effect again when labels change.
  const set = useCallback(
    (url: string, label: string | undefined) =>
      setLabels((current) => {
        if (current[url] === label) return current;
        const next = { ...current };
        if (label === undefined) delete next[url];
        else next[url] = label;
        return next;
      }),
    [],
  );
  const value = useMemo<BreadcrumbLabels>(() => ({ labels, set }), [labels, set]);
  return <BreadcrumbContext.Provider value={value}>{children}</BreadcrumbContext.Provider>;
}

/** The labels added by pages, by URL. */
export const useBreadcrumbLabels = () => useContext(BreadcrumbContext).labels;

/** Names the current page in the breadcrumb (a customer's name, a Vorgang's number). */
export function useBreadcrumbLabel(label: string | undefined) {
  const { pathname } = useLocation();
  const { set } = useContext(BreadcrumbContext);
  useEffect(() => {
    if (!label) return;
    set(pathname, label);
    return () => set(pathname, undefined);
  }, [pathname, label, set]);
}
