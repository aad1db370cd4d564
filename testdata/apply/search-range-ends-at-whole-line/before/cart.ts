export class Cart {
    add(item) {
      const check = () => {
        validate(item);
      };
      this.items.push(item);
    }

    clear() {
        this.items = [];
    }
}
