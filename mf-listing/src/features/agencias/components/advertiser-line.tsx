/**
 * Who advertises a listing (issue 46): "Empresa: <agency>" for an agency's listing (its name from
 * `GET /agencias`), "Dueño directo" for an owner's.
 */
import { DUENO_DIRECTO, MSG, type Anuncio } from 'shared-contracts';
import { useAgencyName } from '../api/get-agencias';

export function AdvertiserLine({ anuncio, as: Tag = 'div', style }: { anuncio: Pick<Anuncio, 'source'>; as?: 'div' | 'p'; style?: React.CSSProperties }) {
  const name = useAgencyName(anuncio.source);
  if (!anuncio.source) {
    return (
      <Tag className="anuncio-anunciante" style={style}>
        {DUENO_DIRECTO}
      </Tag>
    );
  }
  if (!name) return null;
  return (
    <Tag className="anuncio-anunciante" style={style}>
      {`${MSG.empresa} ${name}`}
    </Tag>
  );
}
