import { useEffect, useState } from 'react';
import type { AedPicture } from '../../../../contract/aed.schemas';
import { getPicture } from '../../../services/aed.api';

/**
 * An object URL for a picture: getFile needs the Authorization header, so an <img src> cannot ask
 * for it. Fetched again when the picture changes (a rotation changes its size and rotation).
 */
export function usePictureUrl(picture: Pick<AedPicture, 'id' | 'rotation' | 'size'>): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setState({ url: null, failed: false });
    void getPicture(picture.id, controller.signal).then((outcome) => {
      if (controller.signal.aborted) return;
      if (!outcome.ok) return setState({ url: null, failed: true });
      url = URL.createObjectURL(outcome.data);
      setState({ url, failed: false });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [picture.id, picture.rotation, picture.size]);
  return state;
}
