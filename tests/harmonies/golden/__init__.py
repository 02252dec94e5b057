"""Golden records of Harmonies and the script that wrote them."""
