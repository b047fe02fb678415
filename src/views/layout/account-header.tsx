import { Dropdown } from 'primereact/dropdown';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { groupLabelKey } from '../../../contract/groups';
import { useIntl } from '../../i18n/intl-provider';
import { canSwitchAccount } from '../../machines/session/session.selectors';
import { SessionActor } from '../app/actor-contexts';

/** After a switch the new account starts on its default page. */
function useLandOnAccountChange(siteId: number | undefined) {
  const navigate = useNavigate();
  const previous = useRef(siteId);
  useEffect(() => {
    if (siteId !== undefined && previous.current !== undefined && previous.current !== siteId) navigate('/dashboards/default', { replace: true });
    previous.current = siteId;
  }, [siteId, navigate]);
}

/** The account header (spec §2): account logo, name and group label; a switcher for third-party access. */
export function AccountHeader({ compact }: { compact: boolean }) {
  const user = SessionActor.useSelector((snapshot) => snapshot.context.user);
  const { t, has } = useIntl();
  if (!user) return null;
  const logo = <img src={user.accountLogo ?? '/logos/vigil.svg'} alt="" className={compact ? 'account-header__logo is-small' : 'account-header__logo'} />;
  if (compact) return <div className="account-header is-compact" title={user.accountName}>{logo}</div>;
  const groupKey = has(groupLabelKey(user.idGroup)) ? groupLabelKey(user.idGroup) : 'group.unknown';
  return (
    <div className="account-header">
      <div className="flex align-items-center gap-3">
        {logo}
        <div className="min-w-0">
          <div className="account-header__name">{user.accountName}</div>
          <div className="account-header__group">{t(groupKey)}</div>
          <div className="text-sm text-600 white-space-nowrap overflow-hidden text-overflow-ellipsis">
            {user.firstName} {user.lastName}
          </div>
        </div>
      </div>
      <AccountSwitcher className="w-full mt-3" />
    </div>
  );
}

/**
 * The switcher of third-party access, when the session may go to another account: in the account
 * header, and on the waiting page of an account being configured. After a switch the new account
 * starts on its default page.
 */
export function AccountSwitcher({ className }: { className?: string }) {
  const user = SessionActor.useSelector((snapshot) => snapshot.context.user);
  const accounts = SessionActor.useSelector((snapshot) => snapshot.context.accounts);
  const switchable = SessionActor.useSelector(canSwitchAccount);
  const session = SessionActor.useActorRef();
  const { t } = useIntl();
  useLandOnAccountChange(user?.siteId);
  if (!user || accounts.length < 2) return null;
  return (
    <Dropdown
      className={className}
      value={user.siteId}
      options={accounts}
      optionLabel="name"
      optionValue="id"
      disabled={!switchable}
      aria-label={t('layout.account.switch')}
      placeholder={t('layout.account.switch')}
      data-testid="account-switch"
      onChange={(event) => session.send({ type: 'session.switchAccount', idAccount: event.value as number })}
    />
  );
}
