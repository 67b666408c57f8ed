/** The delete button of the card and the detail: asks for confirmation, then passes the _id. */
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';

export const DELETE_LABEL = 'Borrar';
export const DELETE_CONFIRM = '¿Borrar este anuncio?';
export const DELETE_OK = 'Sí, borrar';

export function DeleteButton({ id, onDelete }: { id: string; onDelete: (id: string) => void }) {
  return (
    <Popconfirm title={DELETE_CONFIRM} okText={DELETE_OK} cancelText="Cancelar" okButtonProps={{ danger: true }} onConfirm={() => onDelete(id)}>
      <Button danger>{DELETE_LABEL}</Button>
    </Popconfirm>
  );
}
