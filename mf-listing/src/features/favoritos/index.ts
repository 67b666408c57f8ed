/** What other features use of favourites: the heart on a card or a detail page. */
export { FavoriteHeart } from './components/favorite-heart';
