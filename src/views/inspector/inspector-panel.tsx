import { Sidebar } from 'primereact/sidebar';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { useIntl } from '../../i18n/intl-provider';
import { ActorsTab } from './parts/actors-tab';
import { AlertChartsTab } from './parts/alert-charts-tab';
import { StatelyToggle } from './parts/stately-toggle';

interface InspectorPanelProps {
  visible: boolean;
  onHide: () => void;
}

/**
 * The live inspector: every running actor on its own chart, and the domain charts of an open
 * alert. A side panel that leaves the screen usable, so the dispatcher's work goes on beneath it.
 */
export default function InspectorPanel({ visible, onHide }: InspectorPanelProps) {
  const { t } = useIntl();
  const [tab, setTab] = useState(0);
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      modal={false}
      className="inspector-panel"
      data-testid="inspector-panel"
      closeIcon="pi pi-times"
      ariaCloseLabel={t('inspector.close')}
      header={
        <div className="inspector-panel__header">
          <h2>{t('inspector.title')}</h2>
          <StatelyToggle />
        </div>
      }
    >
      <p className="inspector-panel__note">{t('inspector.redaction-note')}</p>
      <TabView activeIndex={tab} onTabChange={(event) => setTab(event.index)}>
        <TabPanel header={t('inspector.tab.actors')}>
          {visible && tab === 0 && <ActorsTab />}
        </TabPanel>
        <TabPanel header={t('inspector.tab.alert')}>
          {visible && tab === 1 && <AlertChartsTab />}
        </TabPanel>
      </TabView>
    </Sidebar>
  );
}
