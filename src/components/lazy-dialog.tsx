import type { DialogProps } from 'primereact/dialog';
import { lazy, Suspense } from 'react';

const Dialog = lazy(() => import('primereact/dialog').then((module) => ({ default: module.Dialog })));

/**
 * PrimeReact's Dialog for the dialogs every screen carries (session expired, server error): it
 * downloads the first time one opens, not with the first screen, which seldom shows one.
 */
export function LazyDialog(props: DialogProps) {
  if (!props.visible) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
