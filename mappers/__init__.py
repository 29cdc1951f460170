"""Source documents → typed CV records → RDF: the read, extract and map stages."""
