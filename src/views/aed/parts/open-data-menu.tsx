import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { useRef } from 'react';
import { useIntl } from '../../../i18n/intl-provider';
import { AedListActor } from '../aed-list-actor';

/**
 * The open-data exports of the list's scope: the GeoDAE declaration (ready AEDs only, or all of
 * them with the not-ready rows incomplete) and OpenStreetMap GeoJSON. For users who may hand the
 * register to others (capability aed.openData).
 */
export function OpenDataMenu({ exporting }: { exporting: boolean }) {
  const { t } = useIntl();
  const list = AedListActor.useActorRef();
  const menu = useRef<Menu>(null);
  // The class names let a browser test pick an entry whatever the language.
  const items = [
    { label: t('aed.export.geodae-ready'), icon: 'pi pi-verified', className: 'open-data-geodae-ready', command: () => list.send({ type: 'list.export', format: 'geoDae' }) },
    { label: t('aed.export.geodae-all'), icon: 'pi pi-list', className: 'open-data-geodae-all', command: () => list.send({ type: 'list.export', format: 'geoDae', allAeds: true }) },
    { label: t('aed.export.osm'), icon: 'pi pi-map', className: 'open-data-osm', command: () => list.send({ type: 'list.export', format: 'osm' }) },
  ];
  return (
    <>
      <Menu model={items} popup ref={menu} id="open-data-menu" data-testid="open-data-menu" />
      <Button
        type="button"
        icon="pi pi-share-alt"
        label={t('aed.export.openData')}
        outlined
        size="small"
        loading={exporting}
        aria-controls="open-data-menu"
        aria-haspopup
        onClick={(event) => menu.current?.toggle(event)}
        data-testid="open-data-export"
      />
    </>
  );
}
