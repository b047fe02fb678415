import type { MessageProps } from 'primereact/message';
import { lazy, Suspense } from 'react';

const Message = lazy(() => import('primereact/message').then((module) => ({ default: module.Message })));

/**
 * PrimeReact's Message (with its four severity icons) for a screen that shows one only after
 * something went wrong, such as the sign-in page: it downloads the first time one shows.
 */
export function LazyMessage(props: MessageProps) {
  return (
    <Suspense fallback={null}>
      <Message {...props} />
    </Suspense>
  );
}
