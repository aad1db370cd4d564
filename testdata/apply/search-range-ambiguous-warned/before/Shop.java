class Shop {
    void checkout(Cart cart) {
        if (cart.isEmpty()) {
            return;
        }
        if (cart.total() > LIMIT) {
            warn(cart);
        }
        pay(cart);
    }
}
