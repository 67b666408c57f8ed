/**
 * Issue 44: the map's words. Here, not in the contracts: the contracts are one shared module on
 * every first screen, and these are shown only with the map (its lazily loaded chunk).
 */
export const MAPA_MSG = {
  buscarEnEstaZona: 'Buscar en esta zona',
  dibujarZona: 'Dibujar zona',
  terminar: 'Terminar',
  cancelar: 'Cancelar',
  borrarZona: 'Borrar zona',
  ayudaDibujo: 'Toca el mapa para marcar las esquinas del área (al menos 3) y pulsa Terminar',
  enElMapa: (n: number) => `${n.toLocaleString('es-DO')} ${n === 1 ? 'anuncio' : 'anuncios'} en esta vista del mapa`,
  sinUbicacion: (n: number) => `${n.toLocaleString('es-DO')} ${n === 1 ? 'anuncio no tiene' : 'anuncios no tienen'} ubicación en el mapa: están en la lista`,
  cluster: (n: number) => `${n.toLocaleString('es-DO')} anuncios aquí: acercar`,
  mismoLugar: (n: number) => `${n.toLocaleString('es-DO')} anuncios en este lugar`,
  verEnLista: 'Verlos en la lista',
  cargandoAnuncio: 'Cargando anuncio…',
  errorMapa: 'No pudimos cargar el mapa de resultados.',
} as const;
