/**
 * /misAnuncios — the user's listings as mf-listing cards, with the plan or add-listing action
 * (SPEC §2); under each card what it lacks to be fixed (issue 39), its figures, its status and
 * the owner's actions (issue 20).
 */
import { Link, useNavigate } from 'web-runtime/router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import FloatButton from 'antd/es/float-button';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { DESKTOP_CARDS_PER_ROW, MSG, ROUTES } from 'shared-contracts';
import { usePortalStore } from 'web-runtime/store';
import { RemoteComponent } from 'web-runtime/remote';
import { useMisAnuncios } from '../features/mis-anuncios/hooks/use-mis-anuncios';
import { FallbackCard } from '../features/mis-anuncios/components/fallback-card';
import { ListingActions } from '../features/mis-anuncios/components/listing-actions';
import { useListingActions } from '../features/mis-anuncios/hooks/use-listing-actions';
import { ListingStatsLine, TotalStats } from '../features/mis-anuncios/components/listing-stats';
import { ListingFixes } from '../features/mis-anuncios/components/listing-fixes';

const grid = `
/* minmax(0, …) everywhere: a card's photo carousel track must not widen its column (phones) */
.mis-anuncios-grid { display: grid; gap: 16px; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 600px) { .mis-anuncios-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); } }
@media (min-width: 1200px) { .mis-anuncios-grid { grid-template-columns: repeat(${DESKTOP_CARDS_PER_ROW}, minmax(0, 1fr)); } }
`;

export default function MisAnunciosPage() {
  const navigate = useNavigate();
  const anuncios = usePortalStore((s) => s.misAnuncios);
  const disponibles = usePortalStore((s) => s.anunciosDisponibles);
  const { loaded, deletingId, error, onDelete, reload } = useMisAnuncios();
  const { busyId, actionError, onEstado, onRenovar } = useListingActions(reload);
  const canPublish = disponibles > 0;

  return (
    <div style={{ maxWidth: 1400, margin: '0 auto', padding: '16px 12px 96px' }}>
      <style>{grid}</style>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Mis anuncios
        </Typography.Title>
        {!canPublish && (
          <Button type="primary" size="large" onClick={() => navigate(ROUTES.comprarPlan)}>
            {MSG.eligeTuPlan}
          </Button>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {canPublish ? `Puedes publicar ${disponibles} anuncio${disponibles === 1 ? '' : 's'} más con tu plan.` : 'Has usado todos los anuncios de tu plan.'}{' '}
        Solo los anuncios activos cuentan para tu plan.
      </Typography.Paragraph>
      {/* issue 46: the agency of the account's team (create it, or administer it) */}
      <Typography.Paragraph style={{ marginTop: 0 }}>
        ¿Trabajas con un equipo? <Link to={ROUTES.miInmobiliaria}>Mi inmobiliaria</Link>: crea la de tu equipo, invita a tus agentes y gestiona sus anuncios.
      </Typography.Paragraph>
      <TotalStats anuncios={anuncios} />
      {actionError && (
        <Typography.Paragraph type="danger" role="alert">
          {actionError.text}
          {actionError.quota && (
            <>
              {' '}
              <Link to={ROUTES.comprarPlan}>{MSG.eligeTuPlan}</Link>
            </>
          )}
        </Typography.Paragraph>
      )}
      {error && (
        <Typography.Paragraph type="danger" role="alert">
          {error}
        </Typography.Paragraph>
      )}
      {anuncios.length === 0 ? (
        loaded ? (
          <Empty description="Todavía no tienes anuncios publicados.">
            {canPublish && (
              <Button type="primary" onClick={() => navigate(ROUTES.agregarAnuncio)}>
                Publica tu primer anuncio
              </Button>
            )}
          </Empty>
        ) : (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        )
      ) : (
        <ul className="mis-anuncios-grid" aria-label="Mis anuncios" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {anuncios.map((anuncio) => (
            <li key={anuncio._id} aria-busy={deletingId === anuncio._id || busyId === anuncio._id} style={{ opacity: deletingId === anuncio._id ? 0.5 : 1 }}>
              <RemoteComponent
                id="mf_listing/AnuncioCard"
                props={{ anuncio, onDelete }}
                loading={<Spin style={{ display: 'block', margin: '48px auto' }} />}
                fallback={<FallbackCard anuncio={anuncio} onDelete={onDelete} />}
              />
              <ListingFixes anuncio={anuncio} />
              <ListingStatsLine anuncio={anuncio} />
              <ListingActions anuncio={anuncio} busy={busyId !== null} onEstado={onEstado} onRenovar={onRenovar} />
            </li>
          ))}
        </ul>
      )}
      {canPublish && <FloatButton type="primary" icon={<PlusOutlined />} aria-label="Agregar anuncio" tooltip="Agregar anuncio" onClick={() => navigate(ROUTES.agregarAnuncio)} />}
    </div>
  );
}
